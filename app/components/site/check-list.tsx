import type { ReactNode } from "react";
import { CheckIcon } from "./icons";

export function CheckList({ items }: { items: ReactNode[] }) {
  return (
    <ul className="check-list">
      {items.map((item, index) => (
        <li key={index}>
          <CheckIcon />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
