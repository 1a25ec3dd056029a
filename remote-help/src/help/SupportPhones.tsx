import type { HelpContent } from '../content/schema';
import { type RegionPhone, telHref } from './audienceHelp';

export interface SupportPhonesProps {
  phones: readonly RegionPhone[];
  wording: HelpContent['contact'];
}

/** The regional phone table: one row per region of the audience, numbers from configuration. */
export function SupportPhones({ phones, wording }: SupportPhonesProps) {
  return (
    <div className="portal-content__table-scroll">
      <table className="portal-table portal-help__phones">
        <caption>{wording.phonesCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{wording.regionColumn}</th>
            <th scope="col">{wording.numberColumn}</th>
          </tr>
        </thead>
        <tbody>
          {phones.map(({ region, number }) => (
            <tr key={region}>
              <th scope="row">{region}</th>
              <td>
                {number === null ? (
                  wording.numberUnavailable
                ) : (
                  // A phone number reads left to right in every language ('+800 0000 0101', never
                  // '0101 0000 800+' on a right-to-left page).
                  <a className="portal-help__phone" href={telHref(number)} dir="ltr">
                    {number}
                  </a>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
