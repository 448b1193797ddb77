import { useTranslation } from 'react-i18next';

interface Step {
  title: string;
  text: string;
}

export function HowTo({ toolId }: { toolId: string }) {
  const { t } = useTranslation();
  const steps = t(`tools.${toolId}.steps`, { returnObjects: true, defaultValue: [] }) as Step[];
  if (!Array.isArray(steps) || steps.length === 0) return null;

  return (
    <section className="section how-to" aria-labelledby="how-to-title">
      <h2 id="how-to-title" className="section__title">
        {t('toolPage.howTo', { name: t(`tools.${toolId}.name`) })}
      </h2>
      <ol className="steps">
        {steps.map((step, i) => (
          <li key={step.title} className="step">
            <span className="step__number" aria-hidden="true">
              {i + 1}
            </span>
            <h3 className="step__title">
              <span className="visually-hidden">{t('toolPage.step', { n: i + 1 })}: </span>
              {step.title}
            </h3>
            <p className="step__text">{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
