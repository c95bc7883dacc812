import { z } from 'zod';

// zod compiles fast object parsers with `new Function`, and probing whether it may do so is itself
// an `eval` that the page's Content-Security-Policy refuses (and reports). The plain parser is fine
// for forms.
z.config({ jitless: true });
