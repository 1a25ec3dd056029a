import { factorApi as api } from '../api/client';
import type { AuthReply } from '@portal/shared/transport';
import { factorLevelOf } from '../moreOptions/moreOptionsRule';
import { contributionsAtom } from '@portal/shared/contributions';
import { boundedText, useRunOnMount, useLocalisedServerCall, useFocusFirst } from '@portal/shared/ui';
import { type FlowNavigationState, isKnownNextAction } from '@portal/shared/flow';
import { messages } from '../messages';
import { factorReplyAtom, selectionLevelAtom } from '@portal/shared/session';
import { rememberedFactorFor, rememberFactor } from '@portal/shared/storage';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { type FormEvent, useCallback, useId, useRef, useState } from 'react';
import { useLocation } from '@portal/shared/router';
import { FactorLayout } from '../common/FactorLayout';
import { useRequireUser } from '../common/useRequireUser';
import { useRouteReply } from '../common/useRouteReply';
import { factorChoices, groupRelatedFactors } from './factorChoices';
import { inlineFactorMessage } from './inlineFactorMessage';
import './factorSelection.css';

const FACTOR_SELECTION = 'FACTOR_SELECTION';

function isSelectionReply(reply: AuthReply | null): reply is AuthReply {
  return reply?.nextaction === FACTOR_SELECTION && (reply.currentFactors?.length ?? 0) > 0;
}

/**
 * Factor Selection (/factorselection): the step's factors as a radio list, grouped; a remembered
 * factor is submitted automatically unless the reply asked to skip that; the choice is remembered
 * per factor level when 'Remember my choice' is ticked.
 */
export function FactorSelectionScreen() {
  const ready = useRequireUser();
  const routeReply = useRouteReply();
  const location = useLocation();
  const navState = (location.state ?? {}) as FlowNavigationState;
  const [reply, setReply] = useAtom(factorReplyAtom);
  // The factors the live remotes offer (their contributions): codes, labels, related groups.
  const { factors: offered, nextActions: claims } = useAtomValue(contributionsAtom);
  const setSelectionLevel = useSetAtom(selectionLevelAtom);
  const [chosen, setChosen] = useState<string | null>(null);
  const [remember, setRemember] = useState(false);
  // Busy from the call until its reply is shown or routed: the list stays hidden meanwhile.
  const { busy: submitting, error, setError, run } = useLocalisedServerCall();
  const ids = useId();
  const firstRadio = useRef<HTMLInputElement>(null);

  const shown = isSelectionReply(reply) ? reply : null;
  const choices = shown ? factorChoices(shown.currentFactors ?? [], offered, shown.customFactorOptions) : [];
  // Custom factor names come from the server (customFactorOptions): shown bounded.
  const groups = groupRelatedFactors(
    choices.map((choice) => ({ ...choice, label: boundedText(choice.label) })),
  );
  useFocusFirst(firstRadio, Boolean(shown) && !submitting);
  // A name the server gave (a custom factor name, an identity provider's) is shown as sent, in its
  // own direction (issue 26: free text from the SSO is a bidi isolate); the remotes' labels are ours.
  const ourLabels = new Set(offered.map((factor) => factor.label));
  const labelOf = (label: string) => (ourLabels.has(label) ? label : <bdi>{label}</bdi>);

  /** A FACTOR_SELECTION reply is shown here; its level allows 'More Options' on the next screen. */
  const showSelection = useCallback(
    (next: AuthReply) => {
      setReply(next);
      setChosen(null);
      const count = factorChoices(next.currentFactors ?? [], offered, next.customFactorOptions).length;
      setSelectionLevel(count > 1 ? factorLevelOf(next) : null);
    },
    [setReply, setSelectionLevel, offered],
  );

  const select = useCallback(
    async (code: string, rememberIt: boolean, level: string | null) => {
      const selected = async (next: AuthReply) => {
        const action = next.nextaction ?? '';
        if (isSelectionReply(next)) {
          showSelection(next);
          return;
        }
        if (!isKnownNextAction(action, claims, next)) {
          setError(() => inlineFactorMessage(messages.factorSelection.notRecognizedAction({ action })));
          return;
        }
        if (rememberIt && level !== null) rememberFactor(level, code);
        await routeReply(next);
      };
      await run((signal) => api.selectFactor(code, { signal }), selected);
    },
    [routeReply, showSelection, run, setError, claims],
  );

  useRunOnMount(() => {
    const opening = reply;
    if (!isSelectionReply(opening)) {
      // Reached without a selection to show: ask the server for the last action again.
      const restored = async (last: AuthReply) => {
        const next = { ...last, skipFactorAutoRedirect: true };
        if (isSelectionReply(next)) showSelection(next);
        else await routeReply(next);
      };
      void run((signal) => api.restoreLastAction({ signal }), restored);
      return;
    }
    showSelection(opening);
    const level = factorLevelOf(opening);
    const skip = navState.skipFactorAutoRedirect === true || opening.skipFactorAutoRedirect === true;
    const remembered = level === null ? null : rememberedFactorFor(level);
    if (!skip && remembered && opening.currentFactors?.includes(remembered)) {
      void select(remembered, false, level);
    }
  }, ready);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen) void select(chosen, remember, factorLevelOf(shown));
  };

  if (!ready) return null;
  const promptId = `${ids}-prompt`;
  const tooltipId = `${ids}-tooltip`;
  let radioIndex = 0;
  return (
    <FactorLayout title={messages.factorSelection.heading} busy={submitting} error={error}>
      {shown && !submitting ? (
        <form className="portal-factor__form" onSubmit={submit} noValidate>
          <fieldset className="portal-factor__options">
            <legend id={promptId}>{messages.factorSelection.prompt}</legend>
            {groups.map((group) => {
              const radios = group.members.map((choice) => {
                const isFirst = radioIndex++ === 0;
                return (
                  <label key={choice.code}>
                    <input
                      ref={isFirst ? firstRadio : undefined}
                      type="radio"
                      name={`${ids}-factor`}
                      value={choice.code}
                      checked={chosen === choice.code}
                      onChange={() => setChosen(choice.code)}
                    />{' '}
                    {labelOf(choice.label)}
                  </label>
                );
              });
              return group.members.length > 1 ? (
                <fieldset key={group.key} className="portal-factor__group">
                  <legend className="portal-factor__group-label">
                    {group.members.map((member) => member.label).join(', ')}
                  </legend>
                  {radios}
                </fieldset>
              ) : (
                radios
              );
            })}
          </fieldset>
          <div className="portal-factor-selection__remember">
            <label>
              <input
                type="checkbox"
                checked={remember}
                aria-describedby={tooltipId}
                onChange={(event) => setRemember(event.target.checked)}
              />{' '}
              {messages.factorSelection.rememberChoice}
            </label>
            <span id={tooltipId} role="tooltip" className="portal-factor-selection__tooltip">
              {messages.factorSelection.rememberChoiceTooltip}
            </span>
          </div>
          <div className="portal-factor__actions">
            <button type="submit" className="portal-button portal-button--primary" disabled={!chosen}>
              {messages.common.select}
            </button>
          </div>
        </form>
      ) : null}
    </FactorLayout>
  );
}
