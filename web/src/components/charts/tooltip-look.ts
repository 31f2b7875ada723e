/** How every chart's tooltip looks, in the theme's colours: spread onto recharts' Tooltip. */
export const tooltipLook = {
  contentStyle: {
    background: 'var(--surface)',
    border: '1px solid var(--border)',
    borderRadius: 8,
    boxShadow: 'var(--shadow)',
    color: 'var(--text)',
  },
  labelStyle: { color: 'var(--text-muted)', fontWeight: 600 },
  itemStyle: { color: 'var(--text)' },
} as const;
