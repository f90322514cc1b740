import { RecordPhotos } from "~/components/inbox/record-photos";

/** A photo as the repair's page shows it: where its bytes are (staff only) and what it is. */
export interface ShownPhoto {
  id: number;
  href: string;
  contentType: string;
  fileName: string;
  size: number;
  stage: "intake" | "completion";
  position: number;
}

const STAGES = [
  { stage: "intake", title: "As it came in", label: "Intake photo" },
  { stage: "completion", title: "Finished work", label: "Completion photo" },
] as const;

/** The repair's intake (and completion) photos, for staff only: never on /repair. Shown like an order's photos. */
export function RepairPhotos({ photos }: { photos: ShownPhoto[] }) {
  return (
    <>
      {STAGES.map(({ stage, title, label }) => {
        const shown = photos.filter((photo) => photo.stage === stage);
        if (shown.length === 0) return null;
        return (
          <div key={stage} className="repair-photos" data-stage={stage}>
            <h3 className="record__subtitle">{title}</h3>
            <RecordPhotos photos={shown} hrefOf={(photo) => photo.href} label={label} />
          </div>
        );
      })}
    </>
  );
}
