/**
 * The state DataSource for TypeORM's CLI, which writes a new migration from the difference between the entities and
 * a database at the previous migration (https://typeorm.io/docs/advanced-topics/migrations#generating-migrations):
 *
 *   export STATE_DATABASE_URL=sqlite:///tmp/nlq-migrate.db   (or postgres://postgres@127.0.0.1:5432/nlq_migrate)
 *   npm run state:migrate && npm run state:migration -- sqlite AddSomething   (postgres AddSomething)
 *
 * On an empty database of each engine: `state:migrate` applies the committed migrations, `state:migration` writes
 * the difference to the entities into libs/server/src/platform/state/migrations/<engine>/; list it in that folder's index.ts.
 */
import { DataSource } from 'typeorm';
import { stateDataSourceOptions } from './state-data-source.factory';

export default new DataSource(stateDataSourceOptions(process.env.STATE_DATABASE_URL ?? 'sqlite://data/state.db'));
