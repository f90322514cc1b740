-- The cron deletes expired rate-limit counters in rounds by window_start (decision 053).
CREATE INDEX `rate_limits_window_start_idx` ON `rate_limits` (`window_start`);
