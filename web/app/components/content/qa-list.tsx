import { useId } from 'react';

export interface QA {
  q: string;
  a: string;
}

/**
 * A titled list of questions as disclosure widgets: native <details>, so it opens with Enter or
 * Space, is announced as expandable, and reads without JavaScript.
 */
export function QaList({ title, items }: { title: string; items: QA[] }) {
  const titleId = useId();
  if (items.length === 0) return null;
  return (
    <section className="section faq" aria-labelledby={titleId}>
      <h2 id={titleId} className="section__title">
        {title}
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
