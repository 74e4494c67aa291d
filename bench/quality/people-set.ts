// Photographs of people for the face-grouping bench (bench/quality/people.ts), labelled by looking
// at each one. `person` names who it is; null: a face whose identity is not known (counted only in
// pairs with a known person, whom they are certainly not). Faces of one `photo` were taken at once.
// Paths: "human:" = node_modules/@vladmandic/human/assets (MIT, shipped with the package the
// product uses; screenshots of Human's demos holding photographs of its author and others),
// otherwise relative to bench/quality/.media/x (bash bench/quality/fetch-media.sh).
//
// What is NOT here, and why: no Debian or npm package found on this machine ships several different
// photographs of each of five or more people (searched: apt-cache for face/photo/portrait/dlib
// packages, opencv-doc's data (one photo per person, calibration shots with faces hidden), skimage
// and imageio data (astronaut, camera: one photo each), matplotlib's grace_hopper, npm face-api.js
// (no images) and @vladmandic/face-api (six group photos whose people cannot be told apart by eye
// with confidence)). So one person recurs (Human's author, in 9 different photographs) and six
// known others appear once each as distractors, with 4 faces of unknown identity.

export interface PeoplePhoto {
  file: string;
  /** ffmpeg crop (w:h:x:y in pixels) applied first, to isolate one photograph from a screenshot. */
  crop?: string;
  person: string | null;
  photo: string;
}

const SK = "usr/lib/python3/dist-packages/skimage/data";
const CV = "usr/share/doc/opencv-doc/examples/data";
const MPL = "usr/share/matplotlib/mpl-data/sample_data";
const FM = "human:screenshot-facematch.jpg";
/** Human's facematch screenshot: its first row of extracted faces, 18 crops of ~107 px from different photographs. */
const row1 = (k: number) => `100:110:${Math.round(2 + k * 106.6)}:282`;

export const PEOPLE_PHOTOS: PeoplePhoto[] = [
  // Human's author: a webcam photo, a dinner photo, a portrait, and photographs from its sample set.
  { file: "human:screenshot-faceid.jpg", crop: "160:150:10:135", person: "author", photo: "faceid-webcam" },
  { file: "human:samples.jpg", crop: "200:170:320:0", person: "author", photo: "samples-dinner" },
  { file: "human:screenshot-facedetect.jpg", crop: "160:160:0:340", person: "author", photo: "facedetect-1" },
  { file: FM, crop: "200:170:0:20", person: "author", photo: "facematch-selected" },
  { file: FM, crop: row1(1), person: "author", photo: "facematch-row1-2" },
  { file: FM, crop: row1(2), person: "author", photo: "facematch-row1-3" },
  { file: FM, crop: row1(3), person: "author", photo: "facematch-row1-4" },
  { file: FM, crop: row1(4), person: "author", photo: "facematch-row1-5" },
  { file: FM, crop: row1(5), person: "author", photo: "facematch-row1-6" },
  // Women in Human's face-detection screenshot (different photographs; who they are is not known).
  { file: "human:screenshot-facedetect.jpg", crop: "160:160:160:340", person: null, photo: "facedetect-2" },
  { file: "human:screenshot-facedetect.jpg", crop: "160:160:320:340", person: null, photo: "facedetect-3" },
  { file: "human:screenshot-facedetect.jpg", crop: "160:160:480:340", person: null, photo: "facedetect-4" },
  { file: "human:screenshot-facedetect.jpg", crop: "160:160:640:340", person: null, photo: "facedetect-5" },
  // Known people, one photograph each (Debian packages).
  { file: `${SK}/astronaut.png`, person: "eileen-collins", photo: "astronaut" },
  { file: `${SK}/camera.png`, person: "cameraman", photo: "camera" },
  { file: `${MPL}/grace_hopper.jpg`, person: "grace-hopper", photo: "grace-hopper" },
  { file: `${CV}/messi5.jpg`, person: "lionel-messi", photo: "messi5" },
];
