import { useTranslation } from 'react-i18next';

interface QA {
  q: string;
  a: string;
}

/** Questions and answers as disclosure widgets: readable without JavaScript and by keyboard. */
export function Faq({ toolId }: { toolId: string }) {
  const { t } = useTranslation();
  const items = t(`tools.${toolId}.faq`, { returnObjects: true, defaultValue: [] }) as QA[];
  if (!Array.isArray(items) || items.length === 0) return null;

  return (
    <section className="section faq" aria-labelledby="faq-title">
      <h2 id="faq-title" className="section__title">
        {t('toolPage.faq')}
      </h2>
      <div className="faq__list">
        {items.map((item) => (
          <details key={item.q} className="faq__item">
            <summary className="faq__question">{item.q}</summary>
            <p className="faq__answer">{item.a}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
