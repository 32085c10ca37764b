-- The merchant's time zone (issue 28): its days for reports and the dashboard. IANA name.
alter table merchants add column time_zone text not null default 'Africa/Abidjan';
