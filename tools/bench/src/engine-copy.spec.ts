import { translateDdl } from './engine-copy';

const DDL = `CREATE TABLE t (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  code TEXT UNIQUE,
  note TEXT,
  price REAL NOT NULL,
  at DATETIME NOT NULL,
  day DATE
)`;

describe('translateDdl', () => {
  it('PostgreSQL: DATETIME becomes TIMESTAMP and REAL DOUBLE PRECISION, the rest unchanged', () => {
    const sql = translateDdl(DDL, 'postgres');
    expect(sql).toContain('at TIMESTAMP NOT NULL');
    expect(sql).toContain('price DOUBLE PRECISION NOT NULL');
    expect(sql).toContain('name TEXT NOT NULL UNIQUE');
    expect(sql).toContain('day DATE');
  });

  it('MariaDB: UNIQUE TEXT becomes VARCHAR(255), REAL DOUBLE, other TEXT and DATETIME unchanged', () => {
    const sql = translateDdl(DDL, 'mariadb');
    expect(sql).toContain('name VARCHAR(255) NOT NULL UNIQUE');
    expect(sql).toContain('code VARCHAR(255) UNIQUE');
    expect(sql).toContain('note TEXT,');
    expect(sql).toContain('price DOUBLE NOT NULL');
    expect(sql).toContain('at DATETIME NOT NULL');
  });
});
