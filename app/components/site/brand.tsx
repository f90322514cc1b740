/** The wordmark: a fine-line solitaire and the store's name. */
export function Brand() {
  return (
    <a href="/" className="brand">
      <svg className="brand__mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true">
        <path d="M16 3.5l4 4.2-4 4.3-4-4.3z" fill="none" stroke="currentColor" strokeWidth="1.2" strokeLinejoin="round" />
        <path d="M12 7.7h8" stroke="currentColor" strokeWidth="1" />
        <circle cx="16" cy="20.5" r="8.5" fill="none" stroke="currentColor" strokeWidth="1.4" />
      </svg>
      <span className="brand__text">
        {/* The link's name is the store's name, read as one phrase. */}
        <span className="brand__name">Bartlett</span> <span className="brand__sub">Fine Jewelry</span>
      </span>
    </a>
  );
}
