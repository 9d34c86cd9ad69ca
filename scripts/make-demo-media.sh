#!/bin/sh
# Makes the demo's advertising materials (packages/server/src/seed/media) with ffmpeg. The files are
# committed: the seed never needs ffmpeg. Rerun only to change them (apt-get install ffmpeg fonts-wqy-microhei).
set -eu
out="$(dirname "$0")/../packages/server/src/seed/media"
font=/usr/share/fonts/truetype/wqy/wqy-microhei.ttc
mkdir -p "$out"
ff() { ffmpeg -loglevel error -y "$@"; }
# banner <file> <w> <h> <colour0> <colour1> <big text> <small text>
banner() {
  ff -f lavfi -i "gradients=s=$2x$3:c0=$4:c1=$5:x0=0:y0=0:x1=$2:y1=$3:nb_colors=2,format=yuv420p" -frames:v 1 \
    -vf "drawbox=x=iw*0.06:y=ih*0.62:w=iw*0.3:h=8:color=white@0.9:t=fill,drawtext=fontfile=$font:text='$6':fontsize=h*0.12:fontcolor=white:x=w*0.06:y=h*0.38,drawtext=fontfile=$font:text='$7':fontsize=h*0.05:fontcolor=white@0.85:x=w*0.06:y=h*0.68" \
    -q:v 7 "$out/$1"
}
banner new-arrivals.jpg 1920 1080 0x0f766e 0x134e4a '新品上市' 'New arrivals · 每周上新'
banner member-day.jpg 1920 1080 0x9d174d 0x4c0519 '会员日 满100减20' 'Member day · every Wednesday'
banner winter-drinks.jpg 1920 1080 0xb45309 0x451a03 '冬季暖饮 第二杯半价' 'Winter drinks · second cup half price'
banner breakfast.jpg 1920 1080 0x1d4ed8 0x172554 '早餐套餐 ¥9.9' 'Breakfast set · 7 to 10 am'
banner weekend.jpg 1920 1080 0x7c3aed 0x2e1065 '周末特惠' 'Weekend deals · up to 40 percent off'
banner green.jpg 1920 1080 0x15803d 0x052e16 '绿色生活 自带杯减2元' 'Go green · bring your own cup'
banner join-portrait.jpg 1080 1920 0xbe123c 0x4c0519 '扫码入会' 'Join us · 积分当钱花'
banner pick-portrait.jpg 1080 1920 0x0369a1 0x082f49 '今日推荐' 'Today’s pick · 店长精选'
# product <file> <colour> <text>
product() {
  ff -f lavfi -i "color=c=$2:s=600x600" -frames:v 1 \
    -vf "drawbox=x=150:y=110:w=300:h=300:color=white@0.25:t=fill,drawtext=fontfile=$font:text='$3':fontsize=64:fontcolor=white:x=(w-text_w)/2:y=450" \
    -q:v 6 "$out/$1"
}
product tea-green.jpg 0x166534 '龙井绿茶'
product tea-black.jpg 0x7c2d12 '滇红红茶'
product tea-oolong.jpg 0x92400e '安溪铁观音'
product water.jpg 0x0284c7 '山泉水'
product coffee.jpg 0x44403c '挂耳咖啡'
product yogurt.jpg 0xdb2777 '原味酸奶'
product bread.jpg 0xca8a04 '全麦面包'
product scarf.jpg 0x4338ca '羊毛围巾'
# a short video: a moving gradient with the chain's name
ff -f lavfi -i "gradients=s=1920x1080:c0=0x1e3a8a:c1=0x0f766e:speed=0.03:duration=5:rate=25" \
  -vf "drawtext=fontfile=$font:text='维特琳 · 欢迎光临':fontsize=120:fontcolor=white:x=(w-text_w)/2:y=(h-text_h)/2-60,drawtext=fontfile=$font:text='Welcome to Vitrine':fontsize=60:fontcolor=white@0.85:x=(w-text_w)/2:y=(h/2)+80" \
  -c:v libx264 -preset veryslow -crf 36 -pix_fmt yuv420p -movflags +faststart -an "$out/welcome.mp4"
# background music: a calm pentatonic line over a fifth, 16 s
ff -f lavfi -i "aevalsrc=0.22*sin(2*PI*(262+131*mod(floor(t*2)\,5)*0.25)*t)*exp(-2*mod(t\,0.5))+0.08*sin(2*PI*196*t):s=22050:d=16" \
  -c:a libmp3lame -b:a 48k "$out/calm.mp3"

# the video's poster frame, as the console captures it at upload (480 px wide)
ff -ss 2 -i "$out/welcome.mp4" -frames:v 1 -vf scale=480:-1 -q:v 5 "$out/welcome-poster.jpg"
ls -l "$out"
