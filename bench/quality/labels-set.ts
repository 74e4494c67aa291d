// Real photos labelled by hand (by looking at each one) for calibrating and measuring the offline
// object detector. `objects`: COCO classes clearly present; `ignore`: classes arguably present
// (too small, partly hidden, a near miss) that count neither way; `faces`: human faces visible.
// Paths are relative to bench/quality/.media/x (bash bench/quality/fetch-media.sh).

export interface LabelledPhoto {
  file: string;
  /** For a video: the second to take the frame at. */
  at?: number;
  objects: string[];
  ignore?: string[];
  faces: number;
}

const SK = "usr/lib/python3/dist-packages/skimage/data";
const CV = "usr/share/doc/opencv-doc/examples/data";
const IO = "usr/lib/python3/dist-packages/imageio/resources/images";
const MPL = "usr/share/matplotlib/mpl-data/sample_data";

export const LABELLED_PHOTOS: LabelledPhoto[] = [
  { file: `${SK}/astronaut.png`, objects: ["person"], ignore: ["airplane"], faces: 1 },
  { file: `${SK}/coffee.png`, objects: ["cup", "spoon"], ignore: ["dining table", "bowl"], faces: 0 },
  { file: `${SK}/chelsea.png`, objects: ["cat"], faces: 0 },
  { file: `${SK}/motorcycle_left.png`, objects: ["motorcycle"], ignore: ["chair", "bench", "bottle", "book"], faces: 0 },
  { file: `${SK}/rocket.jpg`, objects: [], faces: 0 },
  { file: `${SK}/camera.png`, objects: ["person"], faces: 1 },
  { file: `${CV}/messi5.jpg`, objects: ["person", "sports ball"], faces: 1 },
  { file: `${CV}/fruits.jpg`, objects: ["orange"], ignore: ["apple", "banana"], faces: 0 },
  { file: `${CV}/basketball1.png`, objects: ["person", "sports ball"], ignore: ["chair"], faces: 2 },
  { file: `${CV}/home.jpg`, objects: ["bird"], faces: 0 },
  { file: `${CV}/building.jpg`, objects: [], ignore: ["potted plant", "car"], faces: 0 },
  { file: `${CV}/butterfly.jpg`, objects: [], faces: 0 },
  { file: `${CV}/apple.jpg`, objects: ["apple"], faces: 0 },
  { file: `${CV}/orange.jpg`, objects: ["orange"], faces: 0 },
  { file: `${CV}/baboon.jpg`, objects: [], faces: 0 },
  { file: `${CV}/aero1.jpg`, objects: [], ignore: ["car", "truck", "boat"], faces: 0 },
  { file: `${CV}/board.jpg`, objects: [], faces: 0 },
  { file: `${CV}/box_in_scene.png`, objects: [], ignore: ["book"], faces: 0 },
  { file: `${CV}/leuvenA.jpg`, objects: [], faces: 0 },
  { file: `${CV}/licenseplate_motion.jpg`, objects: ["car"], faces: 0 },
  { file: `${CV}/squirrel_cls.jpg`, objects: [], faces: 0 },
  { file: `${CV}/stuff.jpg`, objects: [], ignore: ["sports ball", "bottle"], faces: 0 },
  { file: `${CV}/smarties.png`, objects: [], faces: 0 },
  { file: `${CV}/chicky_512.png`, objects: ["dog"], faces: 0 },
  { file: `${CV}/ela_original.jpg`, objects: ["book"], faces: 0 },
  { file: `${CV}/rubberwhale1.png`, objects: [], faces: 0 },
  { file: `${CV}/aloeL.jpg`, objects: ["potted plant"], ignore: ["vase"], faces: 0 },
  { file: `${MPL}/grace_hopper.jpg`, objects: ["person"], ignore: ["tie"], faces: 1 },
  { file: `${CV}/left01.jpg`, objects: ["person", "tv", "keyboard"], ignore: ["laptop", "mouse"], faces: 0 },
  { file: `${IO}/cockatoo.mp4`, at: 2, objects: ["bird"], faces: 0 },
  { file: `${IO}/cockatoo.mp4`, at: 8, objects: ["bird"], faces: 0 },
  // Close-ups of single objects and animals (added for issue 28).
  { file: `${IO}/cockatoo.mp4`, at: 5, objects: ["bird"], faces: 0 },
  { file: `${SK}/motorcycle_right.png`, objects: ["motorcycle"], ignore: ["chair", "bench", "bottle", "book"], faces: 0 },
  { file: `${SK}/horse.png`, objects: ["horse"], faces: 0 },
  { file: `${IO}/realshort.mp4`, at: 0.5, objects: ["potted plant"], ignore: ["vase", "cup", "book", "bowl", "bottle", "dining table"], faces: 0 },
];
