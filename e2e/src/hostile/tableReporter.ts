import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import { type CaseRecord, REPORT_ANNOTATION } from './runCase';

function cell(value: string, width: number): string {
  const flat = value.replace(/\s+/g, ' ');
  return (flat.length > width ? `${flat.slice(0, width - 1)}…` : flat).padEnd(width);
}

/**
 * The fault campaign's report: one table per call family, one row per case, printed at the end
 * of `npm run test:hostile` (README, "The fault campaign"). A failing case is named exactly
 * (`<family> › <case>`) with the reason.
 */
export default class TableReporter implements Reporter {
  private readonly rows = new Map<string, { record: CaseRecord; status: string }[]>();

  onTestEnd(test: TestCase, result: TestResult): void {
    const note =
      test.annotations.find((a) => a.type === REPORT_ANNOTATION) ??
      result.annotations?.find((a) => a.type === REPORT_ANNOTATION);
    if (!note?.description) return;
    const record = JSON.parse(note.description) as CaseRecord;
    const list = this.rows.get(record.family) ?? [];
    list.push({ record, status: result.status === 'passed' ? 'pass' : 'FAIL' });
    this.rows.set(record.family, list);
  }

  onEnd(_result: FullResult): void {
    const failing: string[] = [];
    for (const [family, rows] of this.rows) {
      const passed = rows.filter((row) => row.status === 'pass').length;
      console.log(`\n${family}: ${passed}/${rows.length} cases pass`);
      console.log(
        `  ${cell('case', 48)} ${cell('result', 6)} ${cell('message shown', 44)} ${cell('way on', 16)} ${cell('focus', 7)} ${cell('busy', 6)}`,
      );
      for (const { record, status } of rows) {
        const { seen } = record;
        const shown = seen.message ?? (seen.wentOn ? '(went on)' : '(none)');
        // A hang's busy indicator: how soon after the call it showed ('none': not in time).
        const busy =
          record.busyAfterMs === undefined
            ? '-'
            : record.busyAfterMs === null
              ? 'none'
              : `${(record.busyAfterMs / 1000).toFixed(1)} s`;
        console.log(
          `  ${cell(record.variant, 48)} ${cell(status, 6)} ${cell(shown, 44)} ${cell(seen.wayOn ?? '-', 16)} ${cell(seen.focus, 7)} ${cell(busy, 6)}`,
        );
        if (status !== 'pass') failing.push(`${family} › ${record.variant}: ${record.problem ?? 'failed'}`);
      }
    }
    if (failing.length > 0) {
      console.log(`\nFailing cases (${failing.length}):`);
      for (const line of failing) console.log(`  ${line}`);
    }
  }
}
