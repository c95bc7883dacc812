import { configure } from '@testing-library/react';

// Testing Library gives a `findBy…` or `waitFor` one second by default. On a machine busy with other
// work (the suite must pass at load 15 and more), a form's answer and the render after it can take
// longer than that: a component test once failed at load 40 waiting 1 s for a snackbar that came.
// The test's own limit (60 s) still stops one that hangs.
configure({ asyncUtilTimeout: 20_000 });
