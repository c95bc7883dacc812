// zod compiles fast object parsers with `new Function`, and probing whether it may do so is itself
// an `eval` that the page's Content-Security-Policy refuses (and reports). The plain parser is fine
// for forms. zod reads its settings from this global when it first loads (and `z.config` writes the
// same object), so setting it here keeps zod itself out of the first download; this module must be
// imported before anything that loads zod.
type ZodGlobal = typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };

((globalThis as ZodGlobal).__zod_globalConfig ??= {}).jitless = true;
