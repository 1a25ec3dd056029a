declare const __HARNESS_REMOTE__: string;
declare const __HARNESS_EXPOSES__: string[];
