export declare const INFORMAL: Readonly<Record<string, readonly { word: string; pattern: RegExp }[]>>;
export declare function informalWords(locale: string, text: string): string[];
export declare function informalAddress(root?: string): { file: string; key: string; word: string }[];
