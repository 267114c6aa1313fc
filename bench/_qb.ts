import pg from 'pg';
import fs from 'node:fs';
const pool = new pg.Pool({ connectionString: 'postgres://postgres@127.0.0.1:5432/qbench', max: 10 });
const variants: Record<string,string> = JSON.parse(fs.readFileSync('/tmp/qb/variants.json','utf8'));
for (const [name, text] of Object.entries(variants)) {
  const lat: number[] = []; let n = 0; const end = Date.now() + 6000;
  await Promise.all(Array.from({ length: 20 }, async () => {
    while (Date.now() < end) { const t = performance.now();
      const r = await pool.query({ name, text, values: ['bench-subject-0', '%消防%', 10, 0] });
      if (r.rows.length !== 10 || Number(r.rows[0].total) !== 167) throw new Error(name + ' wrong ' + r.rows.length + ' ' + r.rows[0]?.total);
      lat.push(performance.now() - t); n++; }
  }));
  lat.sort((a, b) => a - b);
  console.log(name, (n / 6).toFixed(0), 'q/s p99', lat[Math.floor(lat.length * 0.99)].toFixed(1));
}
await pool.end();
