export type Api = Record<string, Record<string, string>>;
export type Step = 'major' | 'minor' | 'none';
export interface ApiChange {
  added: string[];
  removed: string[];
  changed: string[];
  step: Step;
}
export declare const REPORT_FILE: string;
export declare function kernelEntries(): { request: string; file: string }[];
export declare function packageVersion(): string;
export declare function currentApi(): Api;
export declare function renderReport(version: string, api: Api): string;
export declare function readReport(file?: string): { version: string; api: Api } | null;
export declare function compareApi(before: Api, after: Api): ApiChange;
export declare function versionStep(
  from: string,
  to: string,
): 'major' | 'minor' | 'patch' | 'none' | 'invalid';
export declare function stepProblem(needed: Step, from: string, to: string): string | null;
export declare function describeChange(change: ApiChange): string;
