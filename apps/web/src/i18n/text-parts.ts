// Apart from resources.ts, so later-texts.ts (loaded on demand by resources.ts) can name them too.

export type Tree = { [key: string]: string | Tree };

/** The sign-in page's texts, the rest of the signed-in shell's and the dashboard's, the other pages'. */
export type TextsPart = 'first' | 'rest' | 'pages';
