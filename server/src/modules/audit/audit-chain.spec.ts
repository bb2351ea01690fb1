import { auditRecordHash, canonicalJson, GENESIS_HASH, verifyChain, type AuditRecord } from './audit-chain';

function chain(count: number): (AuditRecord & { hash: string })[] {
  const records: (AuditRecord & { hash: string })[] = [];
  let previous = GENESIS_HASH;
  for (let seq = 1; seq <= count; seq += 1) {
    const record: AuditRecord = {
      stream: 'request-1',
      seq,
      requestId: 'request-1',
      event: seq === 1 ? 'CREATE' : 'VIEW',
      actorType: 'MEMBER',
      actorId: 'member-1',
      actorName: 'Alice',
      ip: '127.0.0.1',
      userAgent: 'test',
      details: { b: 1, a: [seq, { z: 'é', y: null }] },
      createdAt: new Date(Date.UTC(2026, 10, 23, 12, 0, seq)),
      prevHash: previous,
    };
    const hash = auditRecordHash(record);
    records.push({ ...record, hash });
    previous = hash;
  }
  return records;
}

const headOf = (records: { seq: number; hash: string }[]) => {
  const last = records.at(-1);
  return { lastSeq: last?.seq ?? 0, lastHash: last?.hash ?? GENESIS_HASH };
};

describe('audit chain', () => {
  it('hashes the same record the same way whatever the key order', () => {
    expect(canonicalJson({ b: 1, a: { d: 2, c: [1, 'x'] } })).toBe('{"a":{"c":[1,"x"],"d":2},"b":1}');
    const [record] = chain(1);
    if (!record) throw new Error('no record');
    const reordered = { ...record, details: { a: record.details.a, b: record.details.b } };
    expect(auditRecordHash(reordered)).toBe(record.hash);
  });

  it('accepts an intact chain and an empty one', () => {
    const records = chain(5);
    expect(verifyChain(records, headOf(records))).toEqual({ valid: true, eventCount: 5 });
    expect(verifyChain([], null).valid).toBe(true);
  });

  it('reports an edited row', () => {
    const records = chain(4);
    const head = headOf(records);
    records[1] = { ...records[1]!, actorName: 'Mallory' };
    expect(verifyChain(records, head)).toMatchObject({ valid: false, brokenAt: 2, reason: 'hash-mismatch' });
  });

  it('reports a row whose hash was recomputed after an edit, at the next link', () => {
    const records = chain(4);
    const head = headOf(records);
    const edited = { ...records[1]!, actorName: 'Mallory' };
    records[1] = { ...edited, hash: auditRecordHash(edited) };
    expect(verifyChain(records, head)).toMatchObject({ valid: false, brokenAt: 3, reason: 'broken-link' });
  });

  it('reports a deleted row in the middle and at the end', () => {
    const records = chain(4);
    const head = headOf(records);
    expect(verifyChain([records[0]!, records[2]!, records[3]!], head)).toMatchObject({
      valid: false,
      brokenAt: 2,
      reason: 'missing-event',
    });
    expect(verifyChain(records.slice(0, 3), head)).toMatchObject({ valid: false, reason: 'head-mismatch' });
  });
});
