import { appearance } from './appearance';
import { common } from './common';
import { core } from './core';
import { notifications } from './notifications';
import { password } from './password';
import { security } from './security';

/** What /login, its two-factor step and the app's frame (errors, notices, the loader) show. */
export const enInitial = {
  ...core,
  common,
  security,
  password,
  notifications,
  appearance,
} as const;
