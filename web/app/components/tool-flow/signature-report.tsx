import { useTranslation } from 'react-i18next';
import type { SignatureCheck } from '#shared/signature-check';
import { useLang } from '~/lib/i18n';

/** Check signatures' findings, signature by signature, in plain words. */
export function SignatureReport({ report }: { report: SignatureCheck }) {
  const { t } = useTranslation();
  const lang = useLang();
  const when = (iso: string) => new Date(iso).toLocaleString(lang, { dateStyle: 'long', timeStyle: 'long', timeZone: 'UTC' });
  const { signatures } = report;
  return (
    <section className="task-report signature-report" aria-labelledby="task-report-title">
      <h3 id="task-report-title" className="task-report__title">
        {t('signatureCheck.title')}
      </h3>
      <p className="task-report__none">{signatures.length === 0 ? t('signatureCheck.none') : t('signatureCheck.count', { count: signatures.length })}</p>
      {signatures.map((s, i) => (
        <article key={i} className={`signature-report__item signature-report__item--${s.validity}`}>
          <h4 className="signature-report__heading">{t('signatureCheck.heading', { n: i + 1, signer: s.signer || t('signatureCheck.unknownSigner') })}</h4>
          <dl className="signature-report__facts">
            <dt>{t('signatureCheck.signer')}</dt>
            <dd>{s.subject || s.signer || t('signatureCheck.unknownSigner')}</dd>
            <dt>{t('signatureCheck.signedAt')}</dt>
            <dd>{s.signedAt ? when(s.signedAt) : t('signatureCheck.noTime')}</dd>
            <dt>{t('signatureCheck.integrity')}</dt>
            <dd data-validity={s.validity}>{t(`signatureCheck.validity.${s.validity}`)}</dd>
            <dt>{t('signatureCheck.changes')}</dt>
            <dd>{t(s.coversWholeFile ? 'signatureCheck.whole' : 'signatureCheck.changed')}</dd>
            <dt>{t('signatureCheck.trustLabel')}</dt>
            <dd data-trust={s.trust}>{t(`signatureCheck.trust.${s.trust}`)}</dd>
          </dl>
        </article>
      ))}
    </section>
  );
}
