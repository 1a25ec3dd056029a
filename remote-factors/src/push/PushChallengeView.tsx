import { Card, stackClass } from '@portal/shared/ui';
import { useId } from 'react';
import { messages } from '../messages';
import type { PushChallenge } from './pushChallenge';
import './pushChallenge.css';

/**
 * Number matching and the sign-in's context on the push page (issue 27): the number large, with
 * what to do with it in one sentence that names it (what a screen reader reads), and where the
 * sign-in comes from and for what, as the SSO words them (text, never markup).
 */
export function PushChallengeView({ challenge }: { challenge: PushChallenge }) {
  const labelId = useId();
  const contextId = useId();
  const { number, context } = challenge;
  return (
    <>
      {number ? (
        <section className="portal-push-number" aria-labelledby={labelId}>
          <p id={labelId} className="portal-push-number__label">
            {messages.push.numberLabel}
          </p>
          <p className="portal-push-number__value" aria-hidden="true" data-testid="push-number">
            {number}
          </p>
          <p className="portal-push-number__instruction">{messages.push.numberInstruction({ number })}</p>
        </section>
      ) : null}
      {context ? (
        <Card title={messages.push.contextTitle} titleId={contextId}>
          <dl className={stackClass('tight', 'portal-push-context')}>
            {context.application ? (
              <div>
                <dt>{messages.push.contextApplication}</dt>
                <dd>{context.application}</dd>
              </div>
            ) : null}
            {context.location ? (
              <div>
                <dt>{messages.push.contextLocation}</dt>
                <dd>{context.location}</dd>
              </div>
            ) : null}
          </dl>
        </Card>
      ) : null}
    </>
  );
}
