import pg from 'pg';
for (const host of ['127.0.0.1', '/var/run/postgresql']) {
  const c = new pg.Client({ host, user: 'postgres', database: 'test' });
  await c.connect();
  for (let i = 0; i < 2000; i++) await c.query('select $1::int as x', [i]);
  const n = 20000;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < n; i++) await c.query('select $1::int as x', [i]);
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  console.log(host, 'wall µs/query', ((ms * 1000) / n).toFixed(1), 'client cpu µs/query', ((cpu.user + cpu.system) / n).toFixed(1), 'sys', (cpu.system / n).toFixed(1));
  await c.end();
}
