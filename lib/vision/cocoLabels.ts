/**
 * The 80 COCO 2017 detection categories in the model's class order, under their official COCO names.
 * The model's own label file (coco_classes.txt) uses the older darknet spellings for six of them
 * (motorbike, aeroplane, sofa, pottedplant, diningtable, tvmonitor); the API answers with the COCO names.
 */
export const COCO_LABELS: readonly string[] = [
  'person', 'bicycle', 'car', 'motorcycle', 'airplane', 'bus', 'train', 'truck', 'boat', 'traffic light',
  'fire hydrant', 'stop sign', 'parking meter', 'bench', 'bird', 'cat', 'dog', 'horse', 'sheep', 'cow',
  'elephant', 'bear', 'zebra', 'giraffe', 'backpack', 'umbrella', 'handbag', 'tie', 'suitcase', 'frisbee',
  'skis', 'snowboard', 'sports ball', 'kite', 'baseball bat', 'baseball glove', 'skateboard', 'surfboard',
  'tennis racket', 'bottle', 'wine glass', 'cup', 'fork', 'knife', 'spoon', 'bowl', 'banana', 'apple',
  'sandwich', 'orange', 'broccoli', 'carrot', 'hot dog', 'pizza', 'donut', 'cake', 'chair', 'couch',
  'potted plant', 'bed', 'dining table', 'toilet', 'tv', 'laptop', 'mouse', 'remote', 'keyboard', 'cell phone',
  'microwave', 'oven', 'toaster', 'sink', 'refrigerator', 'book', 'clock', 'vase', 'scissors', 'teddy bear',
  'hair drier', 'toothbrush',
];

/** darknet label spellings → COCO names, for the labels that differ */
export const DARKNET_SPELLINGS: Readonly<Record<string, string>> = {
  motorbike: 'motorcycle',
  aeroplane: 'airplane',
  sofa: 'couch',
  pottedplant: 'potted plant',
  diningtable: 'dining table',
  tvmonitor: 'tv',
};
