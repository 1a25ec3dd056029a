import type { FactorIconName } from '@portal/contributions/schema';
import { type ReactNode, type Ref, useId } from 'react';
import { FactorIcon } from './FactorIcon';
import './ChoiceList.css';

export interface Choice {
  value: string;
  title: ReactNode;
  /** One line under the title. */
  description?: ReactNode;
  icon?: FactorIconName;
  /** Shown but not choosable (a type that cannot be registered here); its description says why. */
  disabled?: boolean;
}

export interface ChoiceGroup {
  /** Stable across renders (a React key). */
  key: string;
  /** Shown above the group's cards and naming the group for assistive technology; none for a group of one. */
  title?: string;
  choices: readonly Choice[];
}

export interface ChoiceListProps {
  /** The question, the list's visible legend. */
  legend: string;
  /** The radios' shared name. */
  name: string;
  value: string | null;
  onChange: (value: string) => void;
  groups: readonly ChoiceGroup[];
  /** The first choosable choice's radio (a screen focuses it on arrival). */
  firstRef?: Ref<HTMLInputElement>;
  disabled?: boolean;
}

/**
 * One choice among cards (issue 44): native radio buttons, one per card (arrow keys move between
 * them, the form knows the value), each card with an icon, a title and an optional line of
 * description; related cards under a visible group title.
 */
export function ChoiceList({ legend, name, value, onChange, groups, firstRef, disabled }: ChoiceListProps) {
  const id = useId();
  let index = 0;
  // The first choosable card's radio takes `firstRef` (a screen focuses it on arrival).
  let firstGiven = false;
  const card = (choice: Choice) => {
    index += 1;
    const first = !firstGiven && !choice.disabled;
    if (first) firstGiven = true;
    const titleId = `${id}-${index}-title`;
    const descriptionId = `${id}-${index}-description`;
    return (
      <label key={choice.value} className="portal-choice">
        <input
          ref={first ? firstRef : undefined}
          className="portal-choice__input"
          type="radio"
          name={name}
          value={choice.value}
          checked={value === choice.value}
          disabled={disabled || choice.disabled}
          // Named by its title alone; the line under it is its description.
          aria-labelledby={titleId}
          aria-describedby={choice.description ? descriptionId : undefined}
          onChange={() => onChange(choice.value)}
        />
        {choice.icon ? <FactorIcon name={choice.icon} className="portal-choice__icon" /> : null}
        <span className="portal-choice__text">
          <span id={titleId} className="portal-choice__title">
            {choice.title}
          </span>
          {choice.description ? (
            <span id={descriptionId} className="portal-choice__description">
              {choice.description}
            </span>
          ) : null}
        </span>
      </label>
    );
  };
  return (
    <fieldset className="portal-choice-list">
      <legend className="portal-choice-list__legend">{legend}</legend>
      {groups.map((group) => {
        if (!group.title) {
          return (
            <div key={group.key} className="portal-choice-list__cards">
              {group.choices.map(card)}
            </div>
          );
        }
        return (
          <fieldset key={group.key} className="portal-choice-list__group">
            <legend className="portal-choice-list__group-title">{group.title}</legend>
            <div className="portal-choice-list__cards">{group.choices.map(card)}</div>
          </fieldset>
        );
      })}
    </fieldset>
  );
}
