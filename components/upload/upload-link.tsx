// "Upload videos": where a page with no videos (or a project, chat or search without any) sends you.
import Link from "next/link";
import { buttonClasses, type ButtonSize } from "@/components/ui/button";

export function UploadLink({ size = "sm" }: { size?: ButtonSize }) {
  return (
    <Link href="/upload" className={buttonClasses("primary", size)}>
      Upload videos
    </Link>
  );
}
