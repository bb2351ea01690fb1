import { assessRisk, riskInput, type RiskLevel, type RiskInput } from './risk-score';

const reasons = (input: RiskInput) =>
  assessRisk(input).drivers.map((driver) => driver.factor ?? driver.reason);

describe('assessRisk', () => {
  it.each<[string, RiskInput, RiskLevel, (string | undefined)[]]>([
    ['plain resident buyer, face to face, bank loan', riskInput({}), 'low', []],
    ['politically exposed person', riskInput({ pep: 3 }), 'high', ['pep']],
    ['resident of a high-risk third country', riskInput({ geography: 3 }), 'high', ['geography']],
    ['cash payment, everything else plain', riskInput({ funds: 3 }), 'medium', ['funds']],
    ['complex ownership chain alone', riskInput({ clientType: 3 }), 'medium', ['clientType']],
    [
      'complex chain, new company and third-party funds (the guide’s worked example)',
      riskInput({ clientType: 3, geography: 2, transaction: 3, funds: 3, behaviour: 2 }),
      'high',
      ['clientType', 'transaction', 'funds', 'geography', 'behaviour', 'Score total de 15 sur 21'],
    ],
    [
      'two factors at 3 under 14 points',
      riskInput({ clientType: 3, funds: 3 }),
      'high',
      ['clientType', 'funds'],
    ],
    [
      'several medium factors adding up to 10',
      riskInput({ clientType: 2, transaction: 2, channel: 2 }),
      'medium',
      ['clientType', 'transaction', 'channel', 'Score total de 10 sur 21'],
    ],
    ['two medium factors stay low', riskInput({ transaction: 2, channel: 2 }), 'low', []],
    [
      'confirmed sanctions match',
      riskInput({}, { sanctionsMatch: true }),
      'refused',
      ['Correspondance confirmée sur une liste de sanctions'],
    ],
    [
      'beneficial owner cannot be identified',
      riskInput({ pep: 3 }, { dueDiligenceImpossible: true }),
      'refused',
      ['Bénéficiaire effectif non identifié ou vigilance impossible à mener'],
    ],
  ])('%s → %s', (_case, input, level, drivers) => {
    expect(assessRisk(input).level).toBe(level);
    expect(reasons(input)).toEqual(drivers);
  });

  it('asks for enhanced due diligence and a yearly review only when high', () => {
    expect(assessRisk(riskInput({ pep: 3 }))).toMatchObject({ enhancedDueDiligence: true, reviewMonths: 12 });
    expect(assessRisk(riskInput({ funds: 3 }))).toMatchObject({
      enhancedDueDiligence: false,
      reviewMonths: 24,
    });
    expect(assessRisk(riskInput({}))).toMatchObject({ score: 7, reviewMonths: 36 });
  });

  it('reports a suspicion whatever the level', () => {
    const result = assessRisk(riskInput({}, { suspicion: true }));
    expect(result).toMatchObject({ level: 'low', reportSuspicion: true });
    expect(result.drivers.at(-1)?.reason).toMatch(/CRF/);
  });
});
