import { messages } from '@portal/shared/words';
import { paths, Link } from '@portal/shared/router';
import './LandingPage.css';

/** '' and /home: the way in to sign-in, and to what the hub is. */
export function LandingPage() {
  return (
    <section className="portal-landing" aria-labelledby="landing-title">
      <h1 id="landing-title">{messages.landing.title}</h1>
      <p>{messages.landing.intro}</p>
      <Link className="portal-button portal-button--primary" to={paths.direct}>
        {messages.landing.login}
      </Link>
      <p>
        <Link to={paths.aboutAuthHub}>{messages.landing.about}</Link>
      </p>
    </section>
  );
}
