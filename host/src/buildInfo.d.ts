declare const __PORTAL_BUILD_LABEL__: string;
