import type { Reporter, TestCase } from 'vitest/node';

/**
 * Names, at the end of the run, each test that failed and then passed on its retry (`retry` in vitest.config.ts),
 * with the first failure's message: a flaky test is a defect to fix, and the retry must not hide it.
 */
export default class FlakyReporter implements Reporter {
  private readonly flaky: string[] = [];

  onTestCaseResult(testCase: TestCase): void {
    const diagnostic = testCase.diagnostic();
    if (!diagnostic?.flaky) return;
    const first = testCase.result().errors?.[0]?.message?.split('\n')[0] ?? '';
    this.flaky.push(
      `${testCase.module.moduleId.split('/').pop()} > ${testCase.fullName}${first ? `: ${first}` : ''}`,
    );
  }

  onTestRunEnd(): void {
    if (this.flaky.length === 0) return;
    process.stdout.write(`\nFlaky: ${this.flaky.length} test(s) failed and then passed on a retry:\n`);
    for (const line of this.flaky) process.stdout.write(`  - ${line}\n`);
  }
}
