import { factorApi as api } from '../api/client';
import type { AuthReply } from '@portal/shared/transport';
import { factorLevelOf } from '../moreOptions/moreOptionsRule';
import { contributionsAtom } from '@portal/shared/contributions';
import {
  Actions,
  Button,
  Checkbox,
  boundedText,
  stackClass,
  useRunOnMount,
  useLocalisedServerCall,
  useFocusFirst,
} from '@portal/shared/ui';
import { type ChoiceGroup, ChoiceList } from '@portal/shared/ui/choices';
import { type FlowNavigationState, isKnownNextAction } from '@portal/shared/flow';
import { messages } from '../messages';
import { factorReplyAtom, selectionLevelAtom } from '@portal/shared/session';
import { rememberedFactorFor, rememberFactor } from '@portal/shared/storage';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { type FormEvent, type ReactNode, useCallback, useId, useRef, useState } from 'react';
import { useLocation } from '@portal/shared/router';
import { FactorLayout } from '../common/FactorLayout';
import { useRequireUser } from '../common/useRequireUser';
import { useRouteReply } from '../common/useRouteReply';
import { type FactorGroup, factorChoices, groupRelatedFactors } from './factorChoices';
import { inlineFactorMessage } from './inlineFactorMessage';

const FACTOR_SELECTION = 'FACTOR_SELECTION';

function isSelectionReply(reply: AuthReply | null): reply is AuthReply {
  return reply?.nextaction === FACTOR_SELECTION && (reply.currentFactors?.length ?? 0) > 0;
}

/**
 * The cards of the choice list: each related group under its title; the factors in no titled group
 * together, in the server's order, under 'Other ways' once a titled group has come before them
 * (else they would read as part of it). A list with no titled group has no titles at all.
 */
function choiceGroups(groups: readonly FactorGroup[], labelOf: (label: string) => ReactNode): ChoiceGroup[] {
  const blocks: ChoiceGroup[] = [];
  /** The block of factors in no titled group that the next such factor joins, if any. */
  let loose: ChoiceGroup | null = null;
  for (const group of groups) {
    const choices = group.members.map((member) => ({
      value: member.code,
      title: labelOf(member.label),
      icon: member.icon,
      ...(member.description ? { description: member.description } : {}),
    }));
    if (group.title) {
      blocks.push({ key: group.key, title: group.title, choices });
      loose = null;
    } else if (loose) {
      loose.choices = [...loose.choices, ...choices];
    } else {
      const title = blocks.length > 0 ? messages.factorGroups.other : undefined;
      loose = { key: group.key, ...(title ? { title } : {}), choices };
      blocks.push(loose);
    }
  }
  return blocks;
}

/**
 * Factor Selection (/factorselection): the step's factors as a list of choice cards, grouped; a remembered
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
  return (
    <FactorLayout title={messages.factorSelection.heading} busy={submitting} error={error}>
      {shown && !submitting ? (
        <form className={stackClass('normal')} onSubmit={submit} noValidate>
          <ChoiceList
            legend={messages.factorSelection.prompt}
            name={`${ids}-factor`}
            value={chosen}
            onChange={setChosen}
            groups={choiceGroups(groups, labelOf)}
            firstRef={firstRadio}
          />
          {/* The spec's tooltip, shown as the box's hint under its label: a tooltip needs a
              pointer or focus, and is never seen on a touch screen. */}
          <Checkbox
            label={messages.factorSelection.rememberChoice}
            hint={messages.factorSelection.rememberChoiceTooltip}
            checked={remember}
            onChange={(event) => setRemember(event.target.checked)}
          />
          <Actions>
            <Button type="submit" variant="primary" disabled={!chosen}>
              {messages.common.select}
            </Button>
          </Actions>
        </form>
      ) : null}
    </FactorLayout>
  );
}
