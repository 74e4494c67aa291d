"use client";
// Quick upload: files dropped (or picked) here go to the upload page, which checks them and asks
// for the modules before anything is sent.
import { useRouter } from "next/navigation";
import { Card, CardHeader } from "@/components/ui/card";
import { DropZone } from "@/components/upload/drop-zone";
import { handOffFiles } from "@/components/upload/handoff";

export function QuickUploadCard() {
  const router = useRouter();
  return (
    <Card aria-labelledby="quick-upload-heading" className="min-w-0">
      <CardHeader title="Quick upload" titleId="quick-upload-heading" description="Add videos here; you choose the modules next." />
      <div className="px-5 py-4">
        <DropZone
          compact
          prompt="Drop videos here"
          onFiles={(files) => {
            handOffFiles(files);
            router.push("/upload");
          }}
        />
      </div>
    </Card>
  );
}
