/**
 * Jest reporter that ends the run with the plain closing line `N passed, N failed, N skipped`, so CI logs state
 * plainly how many tests ran, and why tests
 * were skipped when a local server (PostgreSQL, MariaDB, Redis) was unreachable.
 */
class SummaryReporter {
  onRunComplete(_contexts, results) {
    const { numPassedTests: passed, numFailedTests: failed, numPendingTests: skipped, numTodoTests: todo } = results;
    let why = '';
    try {
      why = Object.values(JSON.parse(process.env.NLQ_TEST_UNREACHABLE || '{}')).join('; ');
    } catch {
      why = '';
    }
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped + todo} skipped${why ? ` (${why})` : ''}\n`);
  }
}
module.exports = SummaryReporter;
