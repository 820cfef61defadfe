import path from 'node:path';
import { UsageError } from './cli-arguments';
import {
  parseKnowledgeArguments,
  readDbtProject,
  runKnowledgeImport,
  type KnowledgeImportArguments,
} from './knowledge-command';

/** The arguments of `nlq knowledge import`, which the parse answers for `import`. */
const importArguments = (argv: string[], env?: NodeJS.ProcessEnv) =>
  parseKnowledgeArguments(argv, env) as KnowledgeImportArguments;
import type { Transport } from './transport';

const PROJECT = path.join(__dirname, '..', '..', '..', 'libs', 'server', 'test', 'fixtures', 'dbt-shop');

describe('nlq knowledge import --dbt', () => {
  it('reads the options, with NLQ_URL and NLQ_API_KEY from the environment', () => {
    const args = importArguments(['import', '--dbt', PROJECT, '--partial', '--table', 'stg_customers=customers'], {
      NLQ_URL: 'http://localhost:8000/',
      NLQ_API_KEY: 'k',
    });
    expect(args).toMatchObject({
      command: 'import',
      dir: PROJECT,
      url: 'http://localhost:8000',
      key: 'k',
      partial: true,
    });
    expect([...args.tables]).toEqual([['stg_customers', 'customers']]);
    expect(() => parseKnowledgeArguments(['import', PROJECT], { NLQ_URL: 'http://x' })).toThrow(UsageError);
    expect(() => parseKnowledgeArguments(['import', '--dbt', PROJECT], {})).toThrow(/URL/);
    expect(() =>
      parseKnowledgeArguments(['import', '--dbt', PROJECT, '--table', 'x'], { NLQ_URL: 'http://x' }),
    ).toThrow(/model=table/);
  });

  it("concatenates the project's models/**/*.yml as YAML documents and refuses a folder without models", () => {
    const text = readDbtProject(PROJECT);
    expect(text.split('\n---\n')).toHaveLength(3);
    expect(text).toContain('semantic_models:');
    expect(() => readDbtProject(__dirname)).toThrow(/no models folder/);
  });

  it('posts the project with format dbt and prints what was imported and skipped', async () => {
    const sent: unknown[] = [];
    const transport: Transport = {
      description: 'a recording transport',
      async request(_method, _path, body) {
        sent.push(body);
        return {
          status: 200,
          body: {
            connection_id: 'default',
            created: 1,
            updated: 0,
            unchanged: 0,
            created_names: ['order_count'],
            updated_names: [],
            imported: [{ kind: 'metric', name: 'order_count' }],
            skipped: [{ name: 'weekly_revenue', reason: 'a running total' }],
          },
        };
      },
      close: async () => undefined,
    };
    const args = importArguments(['import', '--dbt', PROJECT, '--url', 'http://localhost:8000']);
    const out = await runKnowledgeImport(args, transport);
    expect(sent[0]).toMatchObject({ format: 'dbt', yaml: readDbtProject(PROJECT) });
    expect(out).toMatchObject({ code: 0 });
    expect(out.stdout).toContain('imported metric order_count');
    expect(out.stdout).toContain('skipped  weekly_revenue: a running total');
  });
});
