import { Brush, Building, HardHat, House, type LucideIcon, Sparkles } from "lucide-react";
import type { townServiceNames } from "~/content/towns";

/** The icon beside each of the five town-page service cards. */
export const townServiceIcons: Record<(typeof townServiceNames)[number], LucideIcon> = {
  "Residential Cleaning": House,
  "Commercial Cleaning": Building,
  "Carpet Cleaning": Brush,
  "Strip and Wax Floors": Sparkles,
  "Post-Construction Cleaning": HardHat,
};
