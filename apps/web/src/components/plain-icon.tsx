/**
 * A Material icon as a plain SVG element, made once by its caller: MUI's icon components are two
 * components each (the icon and its SvgIcon), rendered again with every row or entry that shows one.
 * Callers pass the paths of @mui/icons-material (Apache-2.0), so the icons look as the rest of the panel.
 */
export function plainIcon(path: string, className?: string) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path} />
    </svg>
  );
}
