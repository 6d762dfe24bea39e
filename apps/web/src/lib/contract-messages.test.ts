import * as contract from '@ledgerport/shared';
import { describe, expect, it } from 'vitest';
import { CONTRACT_MESSAGE_GROUPS, contractMessage } from './contract-messages';
import { i18n } from './i18n';

const groups = Object.values(CONTRACT_MESSAGE_GROUPS) as Array<Record<string, string>>;

describe('the shared contract’s messages in the catalogue', () => {
  it('pairs every *_VALIDATION export of the contract with a catalogue group', () => {
    const exported = Object.entries(contract).filter(([name]) => name.endsWith('_VALIDATION'));
    expect(exported.length).toBeGreaterThan(5);
    for (const [name, messages] of exported) {
      expect(groups.includes(messages as Record<string, string>), `${name} has no catalogue group`).toBe(true);
    }
    expect(contractMessage(i18n.t, contract.PASSWORD_TOO_COMMON)).toBe(i18n.t('common.validation.passwordTooCommon'));
  });

  it('gives every message code a catalogue text, the same text wherever a code repeats', () => {
    const textOf = new Map<string, string>();
    for (const [group, messages] of Object.entries(CONTRACT_MESSAGE_GROUPS)) {
      for (const [name, message] of Object.entries(messages as Record<string, string>)) {
        const key = `contract.${group}.${name}`;
        expect(i18n.exists(key), `${key} is missing`).toBe(true);
        const text = i18n.t(key as never) as string;
        expect(text, key).not.toMatch(/\$t\(|^contract\./);
        expect(text, key).not.toBe(message.toUpperCase() === message ? message : undefined);
        expect(contractMessage(i18n.t, message), key).toBe(textOf.get(message) ?? text);
        textOf.set(message, textOf.get(message) ?? text);
      }
    }
    expect(contractMessage(i18n.t, 'REQUIRED')).toBe('This field is required');
    expect(contractMessage(i18n.t, 'not a contract message')).toBeUndefined();
  });
});
