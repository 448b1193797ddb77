import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UNLOCK_PASSWORD_MAX } from '#shared/tools/unlock-pdf';
import { useMessageText } from '~/lib/messages';
import type { FileItem } from './flow-state';
import { defineOptions, type OptionsOutcome, type OptionsPanelProps } from './options-types';
import { PasswordField, ShowPasswordToggle } from './password-field';

export interface UnlockOptions {
  password: string;
}

/** pdf.js found that a file needs a password to open, so an empty one cannot work. */
const needsPassword = (files: readonly FileItem[]) => files.some((f) => f.locked);

function UnlockPanel({ value, onChange, files, error }: OptionsPanelProps<UnlockOptions>) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const [visible, setVisible] = useState(false);
  const [touched, setTouched] = useState(false);
  const required = needsPassword(files);
  const fieldError = error ? messageText(error) : touched && required && value.password === '' ? t('errors.PASSWORD_EMPTY') : null;

  return (
    <div className="options">
      <PasswordField
        label={t('options.unlock.password')}
        value={value.password}
        onChange={(password) => onChange({ password })}
        onBlur={() => setTouched(true)}
        visible={visible}
        maxLength={UNLOCK_PASSWORD_MAX}
        autoComplete="off"
        error={fieldError}
        help={t(required ? 'options.unlock.helpLocked' : 'options.unlock.help')}
        focusKey={error}
      />
      <ShowPasswordToggle label={t('options.password.show')} checked={visible} onChange={setVisible} />
    </div>
  );
}

export const unlockOptions = defineOptions<UnlockOptions>({
  initial: { password: '' },
  toRequest: (value, files): OptionsOutcome =>
    needsPassword(files) && value.password === '' ? { ok: false, hint: 'errors.PASSWORD_EMPTY' } : { ok: true, fields: { password: value.password } },
  Panel: UnlockPanel,
  takesLocked: true,
  recoverable: ['WRONG_PASSWORD'],
});
