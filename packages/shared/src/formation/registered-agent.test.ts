import { describe, expect, it } from 'vitest';
import { FORMATION_VALIDATION, REGISTERED_AGENT_TYPE, registeredAgentSchema } from './formation.schema.js';

const paths = (input: unknown) =>
  (registeredAgentSchema.safeParse(input).error?.issues ?? []).map((issue) => issue.path.join('.')).sort();

describe('registeredAgentSchema', () => {
  it("flags an individual agent's names together with every other empty field, in one round", () => {
    const issues = registeredAgentSchema.safeParse({ registeredAgentType: REGISTERED_AGENT_TYPE.individual }).error!
      .issues;
    expect(issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'addressLine1',
      'city',
      'countyId',
      'firstName',
      'lastName',
      'phoneNumber',
      'zipCode',
    ]);
    expect(issues.find((issue) => issue.path[0] === 'firstName')!.message).toBe(FORMATION_VALIDATION.required);
  });

  it('does the same when the form sends every field as an empty string', () => {
    const blank = Object.fromEntries(
      ['companyName', 'firstName', 'lastName', 'middleName', 'addressLine1', 'city', 'zipCode', 'phoneNumber'].map(
        (key) => [key, ''],
      ),
    );
    expect(paths({ ...blank, registeredAgentType: REGISTERED_AGENT_TYPE.individual })).toEqual([
      'addressLine1',
      'city',
      'countyId',
      'firstName',
      'lastName',
      'phoneNumber',
      'zipCode',
    ]);
  });

  it("flags a company agent's name, and no names once they are given", () => {
    expect(paths({ registeredAgentType: REGISTERED_AGENT_TYPE.company, companyName: '  ' })).toContain('companyName');
    expect(paths({ registeredAgentType: REGISTERED_AGENT_TYPE.company })).not.toContain('firstName');
    expect(
      paths({ registeredAgentType: REGISTERED_AGENT_TYPE.individual, firstName: 'Grace', lastName: 'Hopper' }),
    ).not.toContain('firstName');
  });
});

describe('registeredAgentSchema type', () => {
  it('asks for the agent type when it is missing', () => {
    const issues = registeredAgentSchema.safeParse({ firstName: 'Grace' }).error!.issues;
    expect(issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['registeredAgentType', FORMATION_VALIDATION.required],
    ]);
  });
});
