import { messages } from '../messages';
import { ErrorBanner } from '@portal/shared/ui';
import { BackToSelfService } from './BackToSelfService';

/** A verification screen opened without the data of the registration step (reload, typed address). */
export function MissingRegistration({ title }: { title: string }) {
  return (
    <section className="portal-selfservice">
      <h1>{title}</h1>
      <ErrorBanner message={messages.registration.missingData} />
      <div className="portal-selfservice__actions">
        <BackToSelfService />
      </div>
    </section>
  );
}
