/**
 * The state DataSource for TypeORM's CLI, which writes a new migration from the difference between the entities and
 * a database at the previous migration (https://typeorm.io/docs/advanced-topics/migrations#generating-migrations):
 *
 *   STATE_DATABASE_URL=sqlite:///tmp/nlq-migrate.db npm run state:migration -- sqlite AddSomething
 *   STATE_DATABASE_URL=postgres://postgres@127.0.0.1:5432/nlq_migrate npm run state:migration -- postgres AddSomething
 *
 * Run it against an empty database of each engine: the script first applies the committed migrations, then
 * generates the next one into apps/api/src/state/migrations/<engine>/; list it in that folder's index.ts.
 */
import { DataSource } from 'typeorm';
import { stateDataSourceOptions } from './state-data-source.factory';

export default new DataSource(stateDataSourceOptions(process.env.STATE_DATABASE_URL ?? 'sqlite://data/state.db'));
