import { rm } from 'node:fs/promises';
import type { TestProject } from 'vitest/node';
import { prepareTemplateDataDir } from './app-server.js';

declare module 'vitest' {
  // Declaration merging needs an interface here.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    templateDataDir: string;
  }
}

export default async function setup(project: TestProject) {
  const dir = await prepareTemplateDataDir();
  project.provide('templateDataDir', dir);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
