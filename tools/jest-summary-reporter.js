/**
 * Jest reporter that ends the run with the plain closing line `N passed, N failed, N skipped`, so CI logs state
 * plainly how many tests ran.
 */
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const { numPassedTests: passed, numFailedTests: failed, numPendingTests: skipped, numTodoTests: todo } = results;
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped + todo} skipped\n`);
  }
}
module.exports = SummaryReporter;
