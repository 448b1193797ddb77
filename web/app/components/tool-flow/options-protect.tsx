import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ENCRYPTIONS, PROTECT_PASSWORD } from '#shared/tools/protect-pdf';
import { defineOptions, type OptionsOutcome, type OptionsPanelProps } from './options-types';
import { PasswordField, ShowPasswordToggle } from './password-field';

type Encryption = (typeof ENCRYPTIONS)[number];

export interface ProtectOptions {
  password: string;
  confirm: string;
  encryption: Encryption;
}

type Problem = 'errors.PASSWORD_EMPTY' | 'errors.PASSWORD_LENGTH' | 'options.protect.mismatch';

function problemOf(value: ProtectOptions): Problem | null {
  if (value.password.length === 0) return 'errors.PASSWORD_EMPTY';
  if (value.password.length < PROTECT_PASSWORD.min) return 'errors.PASSWORD_LENGTH';
  if (value.confirm !== value.password) return 'options.protect.mismatch';
  return null;
}

function ProtectPanel({ value, onChange }: OptionsPanelProps<ProtectOptions>) {
  const { t } = useTranslation();
  const id = useId();
  const [visible, setVisible] = useState(false);
  const [touched, setTouched] = useState({ password: false, confirm: false });
  const problem = problemOf(value);
  const passwordProblem = touched.password && problem !== 'options.protect.mismatch' ? problem : null;
  const confirmProblem = touched.confirm && problem === 'options.protect.mismatch' ? problem : null;

  return (
    <fieldset className="options">
      <legend className="options__legend">{t('options.protect.legend')}</legend>
      <PasswordField
        label={t('options.protect.password')}
        value={value.password}
        onChange={(password) => onChange({ ...value, password })}
        onBlur={() => setTouched((s) => ({ ...s, password: true }))}
        visible={visible}
        maxLength={PROTECT_PASSWORD.max}
        autoComplete="new-password"
        error={passwordProblem && t(passwordProblem)}
        help={t('options.protect.passwordHelp', PROTECT_PASSWORD)}
      />
      <PasswordField
        label={t('options.protect.confirm')}
        value={value.confirm}
        onChange={(confirm) => onChange({ ...value, confirm })}
        onBlur={() => setTouched((s) => ({ ...s, confirm: true }))}
        visible={visible}
        maxLength={PROTECT_PASSWORD.max}
        autoComplete="new-password"
        error={confirmProblem && t(confirmProblem)}
      />
      <ShowPasswordToggle label={t('options.password.show')} checked={visible} onChange={setVisible} />
      <p className="options__subheading">{t('options.protect.encryption')}</p>
      <div className="choice-list">
        {ENCRYPTIONS.map((encryption) => (
          <label key={encryption} className="choice">
            <input type="radio" name={`${id}-encryption`} checked={value.encryption === encryption} onChange={() => onChange({ ...value, encryption })} />
            <span className="choice__body">
              <span className="choice__label">
                {t(`options.protect.${encryption}.label`)}
                {encryption === 'aes256' && <span className="badge badge--accent">{t('options.protect.stronger')}</span>}
              </span>
              <span className="choice__help">{t(`options.protect.${encryption}.help`)}</span>
            </span>
          </label>
        ))}
      </div>
      <p className="options__warning">{t('options.protect.remember')}</p>
    </fieldset>
  );
}

export const protectOptions = defineOptions<ProtectOptions>({
  initial: { password: '', confirm: '', encryption: 'aes128' },
  toRequest: (value): OptionsOutcome => {
    const problem = problemOf(value);
    return problem ? { ok: false, hint: problem } : { ok: true, fields: { userpassword: value.password, encryption: value.encryption } };
  },
  Panel: ProtectPanel,
});
