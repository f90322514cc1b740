import type { ReactNode } from "react";
import { PageHero } from "./page-hero";

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** Terms, SMS terms and privacy: a contents list (sticky on wide screens) beside numbered sections. */
export function LegalPage({
  title,
  updated,
  intro,
  sections,
}: {
  title: string;
  updated: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <main>
      <PageHero eyebrow="Policies" title={title}>
        {intro}
        <p className="small">Last updated {updated}</p>
      </PageHero>
      <div className="container legal">
        <nav className="legal__toc" aria-labelledby="legal-toc-heading">
          <h2 id="legal-toc-heading" className="eyebrow eyebrow--heading">On this page</h2>
          <ol>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        {/* A plain block: the page's <h1> names this text, and each section has its own heading. */}
        <div className="prose legal__body">
          {sections.map((section, index) => (
            <section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
              <h2 id={`${section.id}-heading`}>
                <span className="legal__number" aria-hidden="true">{index + 1}.</span> {section.title}
              </h2>
              {section.body}
            </section>
          ))}
        </div>
      </div>
    </main>
  );
}
