import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

describe('the domain package (issue 3: "importable as atelier/domain", types included)', () => {
  it('a separate TypeScript project compiles against the built package and runs it', async () => {
    expect(existsSync('dist/domain/index.d.ts'), 'run `npm run build:domain` first (npm test does)').toBe(
      true,
    );
    await run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tests/consumer/tsconfig.json']);
    const { stdout } = await run(process.execPath, ['tests/consumer/dist/consumer.js']);
    expect(stdout).toContain('consumer ok: 3 events, progress 70');
  }, 60_000);
});
