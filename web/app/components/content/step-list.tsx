import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export interface Step {
  title: string;
  text: string;
}

/** Numbered how-to steps under a section title (the tool pages' look); `id` makes the section a link target. */
export function StepList({ title, steps, id }: { title: string; steps: Step[]; id?: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  if (steps.length === 0) return null;
  return (
    <section id={id} className="section how-to" aria-labelledby={titleId}>
      <h2 id={titleId} className="section__title">
        {title}
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
