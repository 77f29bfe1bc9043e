import type { Reporter, TestCase } from 'vitest/node';

/**
 * Names, at the end of the run, each test that failed and then passed on its retry (`retry` in vitest.config.ts),
 * with the first failure's message, the line of the test file it failed at and the last lines of Playwright's call
 * log (where the page was: "navigated to …"): a flaky test is a defect to fix, and the retry must not hide it, nor
 * what is needed to find its cause, since the retry's pass leaves no other trace.
 */
export default class FlakyReporter implements Reporter {
  private readonly flaky: string[] = [];

  onTestCaseResult(testCase: TestCase): void {
    const diagnostic = testCase.diagnostic();
    if (!diagnostic?.flaky) return;
    const error = testCase.result().errors?.[0];
    const [first = '', ...rest] = error?.message?.split('\n') ?? [];
    const file = testCase.module.moduleId.split('/').pop() ?? '';
    const at = error?.stack?.split('\n').find((line) => line.includes(`/${file}:`));
    const callLog = rest.filter((line) => /^\s+- /.test(line)).slice(-6);
    this.flaky.push(
      [
        `${file} > ${testCase.fullName}${first ? `: ${first}` : ''}`,
        ...(at ? [`    ${at.trim()}`] : []),
        ...callLog.map((line) => `    ${line.trim()}`),
      ].join('\n'),
    );
  }

  onTestRunEnd(): void {
    if (this.flaky.length === 0) return;
    process.stdout.write(`\nFlaky: ${this.flaky.length} test(s) failed and then passed on a retry:\n`);
    for (const line of this.flaky) process.stdout.write(`  - ${line}\n`);
  }
}
