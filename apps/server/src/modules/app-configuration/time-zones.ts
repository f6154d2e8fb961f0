/** Windows ids for the IANA zones ABP clients most often meet; others answer with the IANA name alone. */
const windowsIds: Record<string, string> = {
  UTC: 'UTC',
  'Etc/UTC': 'UTC',
  'America/Mexico_City': 'Central Standard Time (Mexico)',
  'America/Monterrey': 'Central Standard Time (Mexico)',
  'America/Cancun': 'Eastern Standard Time (Mexico)',
  'America/Tijuana': 'Pacific Standard Time (Mexico)',
  'America/Chihuahua': 'Central Standard Time (Mexico)',
  'America/Mazatlan': 'Mountain Standard Time (Mexico)',
  'America/New_York': 'Eastern Standard Time',
  'America/Chicago': 'Central Standard Time',
  'America/Denver': 'Mountain Standard Time',
  'America/Los_Angeles': 'Pacific Standard Time',
  'America/Sao_Paulo': 'E. South America Standard Time',
  'Europe/London': 'GMT Standard Time',
  'Europe/Paris': 'Romance Standard Time',
  'Europe/Berlin': 'W. Europe Standard Time',
  'Europe/Madrid': 'Romance Standard Time',
  'Europe/Istanbul': 'Turkey Standard Time',
  'Asia/Riyadh': 'Arab Standard Time',
  'Asia/Dubai': 'Arabian Standard Time',
  'Africa/Cairo': 'Egypt Standard Time',
  'Asia/Shanghai': 'China Standard Time',
};

export function timingOf(ianaName: string | null) {
  const zone = ianaName || 'UTC';
  return {
    timeZone: {
      iana: { timeZoneName: zone },
      windows: { timeZoneId: windowsIds[zone] ?? zone },
    },
  };
}
