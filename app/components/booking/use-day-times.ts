import { useState } from "react";
import { useFetcher } from "react-router";
import { isCalendarDate } from "~/core/slots";
import type { Availability } from "~/leads/rules/appointment";

// The scheduler's times with JavaScript, one way on every page that books or
// moves a visit (/book, the manage page, the staff pages): a chosen day's times
// show at once from what the page already holds (each of the scheduler's days
// comes with its times), and the page's own loader is asked again (`?date=`,
// which answers `availability`), so a time taken meanwhile drops out. The
// newest word wins. Without JavaScript the pages' "Show times" step asks the
// same loader by a GET.

/** What a scheduler page's loader answers when asked for a day (`?date=`): that day's open times now. */
export interface DayTimesAnswer {
  availability?: Availability | null;
}

/**
 * The times of any day, newest word first, from `known` (the scheduler's days, the
 * answer to a post) and the loader's fresh look; `timesPath` is the loader's URL for a day.
 */
export function useDayTimes(known: readonly (Availability | null | undefined)[], timesPath: (date: string) => string) {
  const fetcher = useFetcher<DayTimesAnswer>();
  return {
    /** The day's open times, or null while nothing is known of it. */
    timesOn(date: string | null | undefined): string[] | null {
      if (!date) return null;
      const newest = [fetcher.data?.availability, ...known]
        .filter((candidate): candidate is Availability => candidate?.date === date)
        .sort((a, b) => b.checkedAt - a.checkedAt)[0];
      return newest?.slots ?? null;
    },
    checking: fetcher.state === "loading",
    /** Asks the loader for a day's times again. */
    check(date: string) {
      if (isCalendarDate(date)) void fetcher.load(timesPath(date));
    },
  };
}

/**
 * The chosen day of a page whose day chips are a GET step of their own (the manage
 * page, the staff pages): the day the URL named, then the one chosen with JavaScript,
 * with its times. A day no longer among `days` (closed since) is not chosen.
 */
export function useChosenDay(days: readonly Availability[], named: string | null, timesPath: (date: string) => string) {
  const [picked, setPicked] = useState(named);
  const dayTimes = useDayTimes(days, timesPath);
  const chosen = picked && days.some((day) => day.date === picked) ? picked : null;
  return {
    chosen,
    times: dayTimes.timesOn(chosen),
    checking: dayTimes.checking,
    choose(date: string) {
      setPicked(date);
      dayTimes.check(date);
    },
  };
}
