/** Injected by vite.config.ts `define`: the API base without a trailing slash; '' means the page's own origin. */
declare const __NLQ_API_BASE__: string;
